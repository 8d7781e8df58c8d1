import type { DropdownProps } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A dropdown menu usable from the keyboard: opened with Enter or Space on its
 * button, the menu takes the focus (the arrows move in it, Enter picks), and
 * when it closes (Escape, an item picked) the focus goes back to the button
 * instead of being lost with the menu. A dialog an item opens gives the
 * focus back to that button when it closes. Spread `dropdown` on the
 * Dropdown and put `trigger` on its button.
 */
export function useMenuFocus<T extends HTMLElement = HTMLButtonElement>(): {
  dropdown: Pick<DropdownProps, 'open' | 'onOpenChange' | 'autoFocus' | 'popupRender'>;
  trigger: RefObject<T | null>;
} {
  const trigger = useRef<T>(null);
  const popup = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // The first item the user can pick takes the focus once the menu is drawn.
  useEffect(() => {
    if (!open) return;
    let frames = 0;
    let frame = 0;
    const focusFirst = () => {
      const item = popup.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
      if (item) item.focus();
      else if (frames++ < 20) frame = requestAnimationFrame(focusFirst);
    };
    frame = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return {
    trigger,
    dropdown: {
      open,
      // Also tells the dropdown the menu has the focus: Tab then closes it and returns to the button.
      autoFocus: true,
      onOpenChange: (next) => {
        setOpen(next);
        if (next) return;
        const active = document.activeElement;
        // Only a focus the closing menu takes with it: a click elsewhere keeps its own.
        if (!active || active === document.body || popup.current?.contains(active)) trigger.current?.focus();
      },
      popupRender: (menu: ReactNode) => <div ref={popup}>{menu}</div>,
    },
  };
}
