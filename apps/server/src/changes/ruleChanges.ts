import type { RuleChange } from '@scorecast/api-client';
import type { PointConfiguration } from '@scorecast/rules';
import type { Db } from '../db/database.js';
import type { StoredGroup } from '../db/groups.js';

/**
 * The point fields whose values differ, in the order of the configuration.
 * @example pointFieldChanges({ winnerPoints: 40 } as never, { winnerPoints: 30 } as never) // [{ field: 'winnerPoints', from: 40, to: 30 }]
 */
export function pointFieldChanges(before: PointConfiguration, after: PointConfiguration): RuleChange['changes'] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  return fields.filter((field) => was[field] !== is[field]).map((field) => ({ field, from: was[field] ?? null, to: is[field] ?? null }));
}

/**
 * Records a change of a group's point rules when players other than its creator had joined:
 * they agreed to the old rules, so they see when and what changed. Returns whether it was recorded.
 */
export async function recordRuleChange(db: Db, group: StoredGroup, after: PointConfiguration, at: number): Promise<boolean> {
  if (pointFieldChanges(group.pointConfiguration, after).length === 0) return false;
  const others = await db.selectFrom('players').select('user_id').where('group_id', '=', group.id).where('user_id', '<>', group.creator_id).executeTakeFirst();
  if (!others) return false;
  await db
    .insertInto('group_rule_changes')
    .values({ group_id: group.id, at, before: JSON.stringify(group.pointConfiguration), after: JSON.stringify(after) })
    .execute();
  return true;
}

/** A group's recorded rule changes, oldest first. */
export async function ruleChangesOf(db: Db, groupId: string): Promise<RuleChange[]> {
  const rows = await db.selectFrom('group_rule_changes').selectAll().where('group_id', '=', groupId).orderBy('id').execute();
  return rows.map((row) => ({
    at: new Date(Number(row.at)).toISOString(),
    changes: pointFieldChanges(JSON.parse(row.before) as PointConfiguration, JSON.parse(row.after) as PointConfiguration),
  }));
}
