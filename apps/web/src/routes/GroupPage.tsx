import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useRouter } from '@tanstack/react-router';
import { useAtomValue, useStore } from 'jotai';
import { isTooManyGroupsError } from '@scorecast/api-client';
import { defaultPointConfiguration, yearOf } from '@scorecast/rules';
import { GroupForm, type GroupFormValues } from '@scorecast/ui';
import { api } from '../api';
import { notify, TOO_MANY_GROUPS } from '../state/notice.atoms';
import { oneAtATime } from '../state/oneAtATime';
import { gamesAtom, groupsAtom, putGroup, settingsAtom, userAtom } from '../state/session.atoms';

/** Creates a group (/group/create) or edits one (/group/{id}, creator only). */
export function GroupPage() {
  const store = useStore();
  const navigate = useNavigate();
  const router = useRouter();
  const { id } = useParams({ strict: false });
  const groups = useAtomValue(groupsAtom);
  const games = useAtomValue(gamesAtom);
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const group = id ? groups.find((each) => each.id === id) : undefined;
  const year = group?.competitionYear ?? settings?.year ?? new Date().getFullYear();
  const [errors, setErrors] = useState<{ groupNameError?: string; playerNameError?: string }>({});
  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const language = user?.language ?? 'en';

  const initial: GroupFormValues = group
    ? { name: group.name, pointConfiguration: group.pointConfiguration }
    : { name: '', playerName: '', pointConfiguration: defaultPointConfiguration(year) };

  const checkNames = (names: { name: string; playerName?: string | undefined }) => {
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(() => {
      const body = group ? { groupId: group.id, groupName: names.name, language } : { groupName: names.name, playerName: names.playerName ?? '', language };
      api.checkGroup(body).then(
        (result) => setErrors({ ...(result.groupNameError ? { groupNameError: result.groupNameError } : {}), ...(result.playerNameError ? { playerNameError: result.playerNameError } : {}) }),
        () => setErrors({}),
      );
    }, 300);
  };

  const save = (values: GroupFormValues) => oneAtATime('saveGroup', () => saveOnce(values));
  const saveOnce = async (values: GroupFormValues) => {
    try {
      const saved = await api.saveGroup({
        ...(group ? { id: group.id } : { competitionYear: year, playerName: values.playerName ?? '' }),
        name: values.name,
        pointConfiguration: values.pointConfiguration,
        language,
      });
      const fresh = saved.group ?? (await api.groups()).find((each) => each.id === saved.id);
      if (fresh) putGroup(store, fresh);
      // An edit leaves the page it was made on: said, so the player need not look whether it held.
      if (group) notify(store, { kind: 'success', key: 'message.groupSaved', values: { group: values.name } });
      void navigate({ to: '/ranking' });
    } catch (error) {
      if (isTooManyGroupsError(error)) return notify(store, TOO_MANY_GROUPS);
      notify(store, { kind: 'error', key: group ? 'message.failedToUpdateGroup' : 'message.failedToCreateGroup' });
    }
  };

  // Back where the form was opened from; opened first in its tab (a bookmark), back would leave the app.
  const cancel = () => (router.history.canGoBack() ? router.history.back() : void navigate({ to: '/' }));

  // Deleted meanwhile (in another tab): nothing is left to edit, and the create form at its address misled.
  const gone = id !== undefined && !group;
  useEffect(() => {
    if (gone) void navigate({ to: '/ranking', replace: true });
  }, [gone, navigate]);
  if (gone) return null;

  return (
    <GroupForm
      key={group?.id ?? 'create'}
      mode={group ? 'edit' : 'create'}
      year={year}
      initial={initial}
      games={games.filter((game) => yearOf(game) === year)}
      groupNameError={errors.groupNameError}
      playerNameError={errors.playerNameError}
      onNamesChange={checkNames}
      onSubmit={(values) => void save(values)}
      onCancel={groups.length > 0 ? cancel : undefined}
    />
  );
}
