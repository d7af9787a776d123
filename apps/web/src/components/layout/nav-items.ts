import type { Role } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import {
  IconBook2,
  IconBooks,
  IconCards,
  IconCopy,
  IconDownload,
  IconFilePlus,
  IconInfoCircle,
  IconSearch,
  IconUsers,
  IconWand,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '@/config/paths.ts';

export interface NavItem {
  path: string;
  label: string;
  icon: Icon;
  adminOnly?: boolean;
}

/** The sidebar of spec section 2, in its order. */
export const navItems: readonly NavItem[] = [
  { path: paths.home, label: es.nav.about, icon: IconInfoCircle },
  { path: paths.guide, label: es.nav.guide, icon: IconBook2 },
  { path: paths.glossaries, label: es.nav.glossaries, icon: IconBooks },
  { path: paths.create, label: es.nav.create, icon: IconFilePlus },
  { path: paths.entries, label: es.nav.entries, icon: IconCards },
  { path: paths.search, label: es.nav.search, icon: IconSearch },
  { path: paths.copy, label: es.nav.copy, icon: IconCopy },
  { path: paths.extractor, label: es.nav.extractor, icon: IconWand },
  { path: paths.export, label: es.nav.export, icon: IconDownload },
  { path: paths.users, label: es.nav.users, icon: IconUsers, adminOnly: true },
];

export function navItemsFor(role: Role): NavItem[] {
  return navItems.filter((item) => !item.adminOnly || role === 'admin');
}
