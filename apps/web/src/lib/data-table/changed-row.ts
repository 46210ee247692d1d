import classes from './changed-row.module.css';

/**
 * The look of a row (or a list item outside a table, like an order of 'Siparişler') that another user
 * changed a moment ago: pass whether it is marked (api/live/live-updates.tsx, useLiveMarks).
 */
export function changedRowProps(changed: boolean): { className?: string; 'data-live-changed'?: true } {
  return changed ? { className: classes.changed, 'data-live-changed': true } : {};
}
