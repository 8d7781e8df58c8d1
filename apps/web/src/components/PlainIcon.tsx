import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

/**
 * An Ant Design icon drawn from its definition alone, for the pages that load
 * without Ant Design (the sign-in page, the shell, the dashboard): the same
 * picture, none of the icon component's context and styles. Decorative: the
 * control it sits in is named. `flip`: an icon that points somewhere (back,
 * out, fold the menu) is mirrored right to left.
 */
export function PlainIcon({ icon, flip = false }: { icon: IconDefinition; flip?: boolean }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'transparent') : icon.icon;
  const svg = (
    <svg
      viewBox={node.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className="plain-icon"
    >
      {(node.children ?? []).map((child, i) =>
        child.tag === 'path' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: an icon's paths never change order
          <path key={i} d={String(child.attrs.d)} />
        ) : null,
      )}
    </svg>
  );
  return flip ? <span className="plain-icon-box flip-rtl">{svg}</span> : svg;
}
