import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Game } from '@scorecast/rules';
import { fn } from 'storybook/test';
import { GroupForm, type GroupFormProps } from '../components/GroupForm/GroupForm';
import { CURRENT_YEAR, SignedIn, points, selectedGroup } from './screenData';

const scheduled: Pick<Game, 'status' | 'stage'>[] = [
  { stage: 'Group', status: 'Scheduled' },
  { stage: 'Final', status: 'Scheduled' },
];
const started: Pick<Game, 'status' | 'stage'>[] = [
  { stage: 'Group', status: 'Finished' },
  { stage: 'Group', status: 'Live' },
  { stage: 'Final', status: 'Scheduled' },
];
const groupStageFinished: Pick<Game, 'status' | 'stage'>[] = [
  { stage: 'Group', status: 'Finished' },
  { stage: 'Last16', status: 'Finished' },
  { stage: 'Final', status: 'Scheduled' },
];

/** Create a group (`/group/create`) and edit it (`/group/{id}`, creator only): spec section 2, Group form. */
const meta = {
  title: 'Screens/Group',
  component: GroupForm,
  tags: ['!autodocs', 'screen'],
  parameters: { frame: 'page' },
  render: (args) => (
    <SignedIn path={args.mode === 'create' ? '/group/create' : `/group/${selectedGroup.id}`}>
      <GroupForm {...args} />
    </SignedIn>
  ),
  args: {
    mode: 'create',
    year: CURRENT_YEAR,
    initial: { name: '', playerName: '', pointConfiguration: points },
    games: scheduled,
    onSubmit: fn(),
    onNamesChange: fn(),
  },
} satisfies Meta<GroupFormProps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first group: no cancel button, nothing marked wrong before the player typed. */
export const Create: Story = {};
/** A player who has a group already can cancel. */
export const CreateAnother: Story = { args: { onCancel: fn() } };
/** Editing before the tournament: every field open, save waits for a change. */
export const Edit: Story = {
  args: { mode: 'edit', initial: { name: selectedGroup.name, pointConfiguration: points }, onCancel: fn() },
};
/** The tournament started: group-stage points and champion points are locked. */
export const EditLockedAfterStart: Story = { args: { ...Edit.args, games: started } };
/** The group stage is over: every point field and the round choice are locked. */
export const EditLockedAfterGroupStage: Story = { args: { ...Edit.args, games: groupStageFinished } };
/** The server's live check found the name taken. */
export const GroupNameTaken: Story = {
  args: { mode: 'edit', initial: { name: 'Office Pool', pointConfiguration: points }, groupNameError: 'groupNameTaken', onCancel: fn() },
};
