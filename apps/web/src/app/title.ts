import { MODULE_CATALOG } from '@sigece/fiscal';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isGroup, MENU, type MenuNode } from './menu.ts';

const APP_TITLE = 'sigece';

/** The menu keys leading to `path`, outermost first (["mantenimiento", "productos"]), or null. */
function menuTrail(path: string, nodes: MenuNode[] = MENU): string[] | null {
  for (const node of nodes) {
    if (!isGroup(node)) {
      if (node.path.toLowerCase() === path.toLowerCase()) return [node.key];
      continue;
    }
    const inner = menuTrail(path, node.children);
    if (inner) return [node.key, ...inner];
  }
  return null;
}

/**
 * The name of the screen at a module path, as the menu says it in the current language ("Productos ·
 * Mantenimiento"); a module outside the menu goes by its catalog name.
 */
export function useScreenTitle(path: string): string {
  const { t } = useTranslation();
  const trail = menuTrail(path);
  if (!trail) return MODULE_CATALOG.find((m) => m.path === path)?.nombre ?? '';
  const [leaf, parent] = [trail.at(-1), trail.at(-2)].map((key) => (key ? t(`menu.${key}`) : undefined));
  return parent ? `${leaf} · ${parent}` : (leaf ?? '');
}

/** The browser tab names the screen: "<title> · sigece" while mounted, "sigece" after. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}
