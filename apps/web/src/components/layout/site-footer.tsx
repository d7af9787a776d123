import { Anchor, Group, Text } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import classes from './site-footer.module.css';

const legalLinks = [
  { to: paths.legal, label: es.shell.footerLegal },
  { to: paths.privacy, label: es.shell.footerPrivacy },
  { to: paths.cookies, label: es.shell.footerCookies },
  { to: paths.terms, label: es.shell.footerTerms },
] as const;

/** Footer of every page: the legal pages and the contact address (spec section 2). */
export function SiteFooter({ contactEmail }: { contactEmail: string }) {
  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <nav aria-label={es.shell.footerNav}>
          <Group component="ul" gap="md" className={classes.list}>
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Anchor component={Link} to={link.to} size="sm">
                  {link.label}
                </Anchor>
              </li>
            ))}
            <li>
              <Anchor href={`mailto:${contactEmail}`} size="sm">
                {es.app.contactLabel}: {contactEmail}
              </Anchor>
            </li>
          </Group>
        </nav>
        <Text size="sm" c="dimmed">
          {es.app.name} {es.app.beta}
        </Text>
      </Group>
    </footer>
  );
}
