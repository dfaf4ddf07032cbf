import { createElement, use, type ComponentType } from 'react';

/**
 * A route's page whose code loads on first use (and on the router's preload): the module's export
 * `name`. A load that fails is the route's error (RouteError says there is no connection and tries
 * again once the server answers); the router's own lazyRouteComponent reloaded the page at once
 * instead, which offline showed the browser's error page.
 */
export function lazyPage<Module, Name extends keyof Module>(importer: () => Promise<Module>, name: Name) {
  let page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failure: Error | undefined;
  // Never rejects: the router's preload only starts it; rendering throws what went wrong.
  const load = () =>
    (loading ??= importer().then(
      (module) => void (page = module[name] as ComponentType),
      (error: unknown) => {
        failure = error instanceof Error ? error : new Error(String(error));
        loading = undefined;
      },
    ));
  function LazyPage(props: object) {
    if (failure !== undefined) throw failure;
    if (!page) use(load());
    return page ? createElement(page, props) : null;
  }
  LazyPage.preload = load;
  return LazyPage;
}
