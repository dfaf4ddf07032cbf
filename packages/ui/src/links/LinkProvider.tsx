import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export type LinkProps = { href: string; className?: string | undefined; children: ReactNode; 'aria-current'?: 'page' | undefined };

/** Plain anchors by default; the web app hands in its router's link. */
const LinkContext = createContext<ComponentType<LinkProps>>(({ href, className, children, ...rest }) => (
  <a href={href} className={className} {...rest}>
    {children}
  </a>
));

/** Makes every ui link use the app's router link, so the ui stays router-agnostic. */
export function LinkProvider({ link, children }: { link: ComponentType<LinkProps>; children: ReactNode }) {
  return <LinkContext.Provider value={link}>{children}</LinkContext.Provider>;
}

/** A link to an app path, rendered by the app's router link when one is provided. */
export function Link(props: LinkProps) {
  const Component = useContext(LinkContext);
  return <Component {...props} />;
}
