import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { RuleChange } from '@scorecast/api-client';
import { RuleChangeLog } from '@scorecast/ui';
import { api } from '../../api';
import { selectedGroupAtom } from '../../state/session.atoms';

/** The selected group's point-rule changes made after others joined; read again when the group's rules change. */
export function RuleChangesSection() {
  const group = useAtomValue(selectedGroupAtom);
  const [changes, setChanges] = useState<RuleChange[]>([]);
  const rules = group ? JSON.stringify(group.pointConfiguration) : '';
  const groupId = group?.id;
  useEffect(() => {
    if (!groupId) return;
    let current = true;
    api
      .groupLog({ id: groupId })
      .then((log) => current && setChanges(log.ruleChanges))
      .catch(() => current && setChanges([]));
    return () => {
      current = false;
    };
  }, [groupId, rules]);
  return <RuleChangeLog changes={changes} />;
}
