import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Link as RouterLink, Outlet, useRouterState } from '@tanstack/react-router';
import { useAtom, useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LinkProvider, Popup, ThemeRoot, Toast, useHeadingOnNewPage, useLiveMessages, type LinkProps } from '@scorecast/ui';
import { deviceTheme, keepDeviceLanguage, keepDeviceTheme } from '../state/device';
import { closeNotice, confettiAtom, noticeAtom, pickerOpenAtom, toastsAtom } from '../state/notice.atoms';
import { userAtom } from '../state/session.atoms';
import { pageTitle, pageTitleKey } from './pageTitle';

// canvas-confetti loads only when there is something to celebrate.
const Confetti = lazy(() => import('./LazyConfetti'));

function AppLink({ href, className, children, ...rest }: LinkProps) {
  return (
    <RouterLink to={href} className={className} aria-current={rest['aria-current']}>
      {children}
    </RouterLink>
  );
}

/** The frame of every page: theme, links, popups, live toasts and confetti. */
export function Root() {
  const { t, i18n } = useTranslation();
  const liveMessages = useLiveMessages();
  const user = useAtomValue(userAtom);
  const store = useStore();
  const notice = useAtomValue(noticeAtom);
  const [toasts, setToasts] = useAtom(toastsAtom);
  const confetti = useAtomValue(confettiAtom);
  const pickerOpen = useAtomValue(pickerOpenAtom);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const language = user?.language ?? (i18n.language === 'de' ? 'de' : 'en');
  // A message that offers something (resend the activation mail) still closes without it: a phone has no Escape key.
  const closeButton = { label: t('popup.ok'), variant: 'secondary' as const, onClick: () => closeNotice(store) };

  // A layout effect runs before any page's own effects: a page that scrolls somewhere on opening
  // (the dashboard to its current game) does so after this, not before.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useHeadingOnNewPage(pathname);
  useEffect(() => {
    if (user) keepDeviceTheme(user.theme);
  }, [user]);
  // Every page was 'Scorecast': tabs, history and screen readers could not tell them apart.
  const titleKey = pageTitleKey(pathname);
  useEffect(() => {
    if (titleKey !== null) document.title = pageTitle(t, titleKey);
  }, [t, titleKey, language]);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
    keepDeviceLanguage(language);
  }, [i18n, language]);

  return (
    <ThemeRoot theme={user?.theme ?? deviceTheme()} lang={language}>
      <LinkProvider link={AppLink}>
        <Outlet />
        {notice && (
          <Popup
            // A message replacing another is a popup of its own: it takes the focus again.
            key={`${notice.kind} ${notice.key}`}
            kind={notice.kind}
            message={notice.text ?? [t(notice.key, notice.values ?? {}), notice.extra].filter(Boolean).join(' ')}
            {...(notice.timerMs ? { timerMs: notice.timerMs } : {})}
            {...(notice.buttons ? { buttons: notice.kind === 'question' ? notice.buttons : [...notice.buttons, closeButton] } : {})}
            onClose={() => closeNotice(store)}
          />
        )}
        {/* Shown, and timed, once the phone's picker closes. */}
        {!pickerOpen &&
          toasts.map((each) => (
            <Toast key={each.id} kind={each.kind} message={each.say(liveMessages)} onDismiss={() => setToasts((all) => all.filter((other) => other.id !== each.id))} />
          ))}
        {confetti > 0 && (
          <Suspense fallback={null}>
            <Confetti key={confetti} />
          </Suspense>
        )}
      </LinkProvider>
    </ThemeRoot>
  );
}
