import { describe, expectTypeOf, it } from 'vitest';
import type { Accuracy, PointConfiguration, Stage, Theme } from '@scorecast/rules';
import {
  createApiClient,
  isApiError,
  isGroupFullError,
  isMailUnavailableError,
  type ApiClient,
  type ErrorBody,
  type Game,
  type Group,
  type LiveUpdate,
  type LoginResult,
  type RequestOf,
  type ResponseOf,
  type ScoredPrediction,
  type User,
} from '../src/index.js';
import { createLiveChannel } from '../src/live.js';

declare const api: ApiClient;

describe('the typed client', () => {
  it('answers each call with the type its schema infers', () => {
    expectTypeOf(api.games).returns.resolves.toEqualTypeOf<Game[]>();
    expectTypeOf(api.groups).returns.resolves.toEqualTypeOf<Group[]>();
    expectTypeOf(api.login).returns.resolves.toEqualTypeOf<LoginResult>();
    expectTypeOf(api.setTheme).returns.resolves.toEqualTypeOf<User>();
    expectTypeOf<ResponseOf<'savePrediction'>>().toEqualTypeOf<{ homeGoals: number; awayGoals: number }>();
  });

  it('takes path parameters first, then the body, then options', () => {
    expectTypeOf(api.savePrediction).parameter(0).toEqualTypeOf<{ gameId: string | number }>();
    expectTypeOf(api.savePrediction).parameter(1).toEqualTypeOf<{ homeGoals: number; awayGoals: number }>();
    expectTypeOf(api.leaveGroup).parameter(0).toEqualTypeOf<{ id: string | number }>();
    expectTypeOf(api.games).parameters.toEqualTypeOf<[options?: { token?: string; signal?: AbortSignal }]>();
    // @ts-expect-error a call with a path parameter needs it
    void api.deleteGroup();
    // @ts-expect-error a prediction needs both goals
    void api.savePrediction({ gameId: 1 }, { homeGoals: 1 });
    // @ts-expect-error the theme is one of the rules' themes
    void api.setTheme({ theme: 'Blue' });
  });

  it('types request bodies as precisely as answers', () => {
    expectTypeOf<RequestOf<'saveGroup'>['pointConfiguration']>().toEqualTypeOf<PointConfiguration>();
    expectTypeOf<RequestOf<'saveNotification'>['notifyOnGameStart']>().toEqualTypeOf<boolean | undefined>();
    // @ts-expect-error a switch is a boolean
    void api.saveNotification({ notifyOnGameStart: 'yes' });
  });

  it('uses the game vocabulary of @scorecast/rules', () => {
    expectTypeOf<Game['stage']>().toEqualTypeOf<Stage>();
    expectTypeOf<NonNullable<ScoredPrediction['accuracy']>>().toEqualTypeOf<Accuracy>();
    expectTypeOf<Group['pointConfiguration']>().toEqualTypeOf<PointConfiguration>();
    expectTypeOf<User['theme']>().toEqualTypeOf<Theme>();
  });

  it('narrows errors with the guards', () => {
    const error: unknown = new Error();
    if (isGroupFullError(error)) expectTypeOf(error.status).toEqualTypeOf<402>();
    if (isMailUnavailableError(error)) expectTypeOf(error.status).toEqualTypeOf<503>();
    if (isApiError(error)) expectTypeOf(error.body).toEqualTypeOf<ErrorBody | undefined>();
  });

  it('tells live updates apart by entity', () => {
    expectTypeOf(createLiveChannel).parameter(0).toHaveProperty('onUpdates').toEqualTypeOf<((updates: LiveUpdate[]) => void) | undefined>();
    const update = {} as LiveUpdate;
    if (update.entity === 'Game') expectTypeOf(update.id).toEqualTypeOf<number>();
    else expectTypeOf(update.id).toEqualTypeOf<string>();
    expectTypeOf(createApiClient).returns.toEqualTypeOf<ApiClient>();
  });
});
