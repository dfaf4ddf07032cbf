import { describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches, taskSlots } from '../src/passwords.js';

describe('password work', () => {
  it('runs at most as many tasks at once as it has slots, the others in the order they came', async () => {
    const slots = taskSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return id;
    };
    expect(await Promise.all([1, 2, 3, 4, 5].map((id) => slots.run(task(id))))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("takes turns between whose tasks wait: one client's queue of hashes does not hold up another's one", async () => {
    const slots = taskSlots(1);
    const started: string[] = [];
    const task = (id: string) => async () => {
      started.push(id);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5'].map((id) => slots.run(task(id), '10.0.0.1'));
    await Promise.all([...flood, slots.run(task('b1'), '10.0.0.2')]);
    expect(started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
  });

  // 240 addresses with twenty wrong logins each held a right login up for three seconds, a turn
  // behind each of them: the address that asked least in the last minute goes first.
  it('starts the task of the client that had the fewest in the last minute, however many others wait', async () => {
    let now = 0;
    const slots = taskSlots(1, () => now);
    const started: string[] = [];
    const task = (id: string) => async () => {
      started.push(id);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const flood = ['a', 'b', 'c', 'd'].flatMap((address) => [1, 2, 3].map((count) => slots.run(task(`${address}${count}`), address)));
    // Once each busy address had a turn, a fresh one comes: it goes next, before their second ones.
    while (started.length < 5) await new Promise((resolve) => setTimeout(resolve, 1));
    const fresh = slots.run(task('fresh'), 'e');
    await Promise.all([...flood, fresh]);
    expect(started.indexOf('fresh')).toBe(5);
    // A minute later the busy ones count as fresh again.
    now = 61_000;
    started.length = 0;
    await Promise.all([slots.run(task('a4'), 'a'), slots.run(task('a5'), 'a'), slots.run(task('f1'), 'f')]);
    expect(started).toEqual(['a4', 'f1', 'a5']);
  });

  it('frees the slot of a task that failed', async () => {
    const slots = taskSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('hashes with argon2id and checks a password against its hash, a broken hash matching nothing', async () => {
    const stored = await hashPassword('Secret!123');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await passwordMatches(stored, 'Secret!123')).toBe(true);
    expect(await passwordMatches(stored, 'Secret!124')).toBe(false);
    expect(await passwordMatches('not a hash', 'Secret!123')).toBe(false);
  });
});
