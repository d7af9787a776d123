import {
  AppShell as MantineAppShell,
  ActionIcon,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Role } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { UserAvatar, userLabel } from '../ui/user-avatar.tsx';
import classes from './app-shell.module.css';
import { navItemsFor } from './nav-items.ts';
import { SiteFooter } from './site-footer.tsx';

export interface ShellUser {
  email: string;
  role: Role;
  display_name: string | null;
  avatar_url: string | null;
}

export interface AppShellProps {
  /** The page's header title; "(BETA)" is appended. */
  title: string;
  user: ShellUser;
  contactEmail: string;
  onLogout: () => void;
  children: ReactNode;
}

const NAVBAR_ID = 'barra-lateral';
const MAIN_ID = 'contenido';

function isActive(itemPath: string, pathname: string): boolean {
  if (itemPath === paths.home) return pathname === paths.home;
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

/**
 * The layout of every protected page (spec section 2): a collapsible left sidebar (a burger
 * menu at phone width), the header with the page title, the user and the profile and exit
 * buttons, and the footer.
 */
export function AppShell({ title, user, contactEmail, onLogout, children }: AppShellProps) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [phoneOpened, phoneNav] = useDisclosure(false);
  const [desktopOpened, desktopNav] = useDisclosure(true);
  const { pathname } = useLocation();
  const name = userLabel(user);
  const opened = isPhone ? phoneOpened : desktopOpened;

  return (
    <MantineAppShell
      header={{ height: 64 }}
      navbar={{
        width: 240,
        breakpoint: 'sm',
        collapsed: { mobile: !phoneOpened, desktop: !desktopOpened },
      }}
      padding={0}
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {es.app.skipToContent}
      </a>
      <MantineAppShell.Header px="md">
        <Group h="100%" gap={isPhone ? 6 : 'sm'} wrap="nowrap">
          <Burger
            opened={opened}
            onClick={isPhone ? phoneNav.toggle : desktopNav.toggle}
            size="sm"
            aria-label={es.shell.toggleNav}
            aria-expanded={opened}
            aria-controls={NAVBAR_ID}
          />
          <Title order={1} size={isPhone ? 'h5' : 'h4'} className={classes.title}>
            <span className={classes.titleText}>{title}</span>{' '}
            <span className={classes.beta}>{es.app.beta}</span>
          </Title>
          <Group gap={isPhone ? 6 : 'xs'} wrap="nowrap">
            <UserAvatar
              email={user.email}
              displayName={user.display_name}
              avatarUrl={user.avatar_url}
              size={isPhone ? 32 : 36}
            />
            {/* At phone width the initial alone shows, and it is aria-hidden: the name is read out. */}
            {isPhone ? (
              <VisuallyHidden>{name}</VisuallyHidden>
            ) : (
              <Text size="sm" fw={500} className={classes.userName} title={name}>
                {name}
              </Text>
            )}
          </Group>
          {isPhone ? (
            <>
              <Tooltip label={es.shell.profile}>
                <ActionIcon
                  component={Link}
                  to={paths.profile}
                  variant="subtle"
                  size="lg"
                  aria-label={es.shell.profile}
                >
                  <IconUser size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={es.shell.logout}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  onClick={onLogout}
                  aria-label={es.shell.logout}
                >
                  <IconLogout size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          ) : (
            <>
              <Button
                component={Link}
                to={paths.profile}
                variant="default"
                leftSection={<IconUser size={18} aria-hidden />}
              >
                {es.shell.profile}
              </Button>
              <Button
                variant="light"
                leftSection={<IconLogout size={18} aria-hidden />}
                onClick={onLogout}
              >
                {es.shell.logout}
              </Button>
            </>
          )}
        </Group>
      </MantineAppShell.Header>

      <MantineAppShell.Navbar id={NAVBAR_ID} aria-label={es.shell.mainNav} p="xs">
        <ScrollArea type="auto" offsetScrollbars>
          {navItemsFor(user.role).map((item) => {
            const active = isActive(item.path, pathname);
            return (
              <NavLink
                key={item.path}
                component={Link}
                to={item.path}
                label={item.label}
                leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={phoneNav.close}
                variant="light"
                fw={500}
              />
            );
          })}
        </ScrollArea>
      </MantineAppShell.Navbar>

      <div className={classes.body}>
        <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          {children}
        </main>
        <SiteFooter contactEmail={contactEmail} />
      </div>
    </MantineAppShell>
  );
}
