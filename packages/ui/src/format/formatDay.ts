/**
 * A day (`YYYY-MM-DD`, as the rules name days) written as the dashboard writes dates: dd.MM.yyyy.
 * @example formatDay('2024-06-14') // '14.06.2024'
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
