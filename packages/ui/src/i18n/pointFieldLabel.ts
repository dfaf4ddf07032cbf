import { POINT_ROUNDS, pointFieldsOf, type PointRound } from '@scorecast/rules';
import type { TFunction } from 'i18next';

/** The stage whose name a round's points go by in the texts (`stage.*`). */
export const STAGE_OF_ROUND: Record<PointRound, string> = {
  groupStage: 'Group',
  last32: 'Last32',
  last16: 'Last16',
  quarterFinal: 'QuarterFinal',
  semiFinal: 'SemiFinal',
  final: 'Final',
};

const KINDS = ['trend', 'exactTrend', 'exact'] as const;

/**
 * A point rule's field as players read it: a round's value by its stage and kind, the champion
 * points and the knockout switch by their own texts; an unknown field as it is named.
 * @example pointFieldLabel(t, 'finalExactPoints') // 'Final: Exact prediction'
 */
export function pointFieldLabel(t: TFunction, field: string): string {
  for (const round of POINT_ROUNDS) {
    const kind = KINDS[pointFieldsOf(round).findIndex((name) => name === field)];
    if (kind) return `${t(`stage.${STAGE_OF_ROUND[round]}`)}: ${t(`groupForm.${kind}`)}`;
  }
  return t(`ruleChanges.field.${field}`, { defaultValue: field });
}
