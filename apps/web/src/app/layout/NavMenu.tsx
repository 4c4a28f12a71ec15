import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { containsPath, isGroup, type MenuNode } from '../menu.ts';
import { menuIcon } from './menuIcons.tsx';

interface Props {
  nodes: MenuNode[];
  onNavigate?: () => void;
}

export function NavMenu({ nodes, onNavigate }: Props) {
  const { t } = useTranslation();
  return (
    <List component="nav" aria-label={t('shell.mainMenu')} dense>
      {nodes.map((node) => (
        <MenuEntry key={node.key} node={node} depth={0} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

function MenuEntry({ node, depth, onNavigate }: { node: MenuNode; depth: number; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => containsPath(node, pathname));
  const indent = 2 + depth * 2;
  const icon = depth === 0 ? menuIcon(node.key) : null;

  if (!isGroup(node)) {
    return (
      <ListItemButton
        component={NavLink}
        to={node.path}
        onClick={onNavigate}
        sx={{ pl: indent, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
      >
        {icon && <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>}
        <ListItemText primary={t(`menu.${node.key}`)} />
      </ListItemButton>
    );
  }
  return (
    <>
      <ListItemButton onClick={() => setOpen((v) => !v)} sx={{ pl: indent }} aria-expanded={open}>
        {icon && <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>}
        <ListItemText primary={t(`menu.${node.key}`)} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding dense>
          {node.children.map((child) => (
            <MenuEntry key={child.key} node={child} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}
