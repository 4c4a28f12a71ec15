import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';

/** One action of a document row: an icon button, or (`menu`) an item of the row's 'more' menu. */
export interface RowAction<T> {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: (row: T) => void;
  /** Disabled (still shown) on rows where it does not apply. */
  enabled?: (row: T) => boolean;
  color?: 'primary' | 'error' | 'secondary';
  menu?: boolean;
  /** Left out on rows where it never applies (e.g. the orders' Anular on an annulled order, spec 001 §2.4). */
  hidden?: (row: T) => boolean;
}

/** The actions cell: frequent actions as icons, the rest in a menu (the list keeps its width). */
export function RowActions<T>({
  row,
  actions,
  moreLabel,
}: {
  row: T;
  actions: RowAction<T>[];
  moreLabel: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = actions.filter((a) => !a.hidden?.(row));
  const icons = shown.filter((a) => !a.menu);
  const items = shown.filter((a) => a.menu);
  const enabled = (a: RowAction<T>) => a.enabled?.(row) ?? true;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      {icons.map((a) => (
        <Tooltip key={a.key} title={a.label}>
          <span>
            <IconButton
              size="small"
              aria-label={a.label}
              color={a.color ?? 'primary'}
              disabled={!enabled(a)}
              onClick={() => a.onClick(row)}
              sx={{ p: 0.5 }}
            >
              {a.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
      {items.length > 0 && (
        <>
          <Tooltip title={moreLabel}>
            <IconButton
              size="small"
              aria-label={moreLabel}
              aria-haspopup="menu"
              aria-expanded={anchor !== null}
              onClick={(e) => setAnchor(e.currentTarget)}
              sx={{ p: 0.5 }}
            >
              <MoreVert fontSize="small" />
            </IconButton>
          </Tooltip>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {items.map((a) => (
              <MenuItem
                key={a.key}
                disabled={!enabled(a)}
                onClick={() => {
                  setAnchor(null);
                  a.onClick(row);
                }}
              >
                <ListItemIcon>{a.icon}</ListItemIcon>
                <ListItemText>{a.label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}
