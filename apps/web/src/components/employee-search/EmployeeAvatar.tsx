import type { Photo } from '@hr/contracts/people';

const COLORS = ['#0f766e', '#0e7490', '#4338ca', '#7c3aed', '#be185d', '#b45309', '#15803d', '#1d4ed8'];

/** Up to two initials: the first letters of the first and last words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

function colorOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

/**
 * An employee's photo (the small size, or the medium one for big avatars),
 * else their initials on a colour of their own. Drawn without Ant Design (the
 * dashboard and the header show them), in the look of its avatars.
 */
export function EmployeeAvatar({
  name,
  photo,
  size = 40,
  decorative = false,
}: {
  name: string;
  photo: Photo;
  size?: number;
  /** Beside the name already written (a table's cell): the photo says nothing more. */
  decorative?: boolean;
}) {
  const box = { width: size, height: size, fontSize: size * 0.38 };
  if (photo)
    return (
      <span className="plain-avatar" style={box}>
        <img src={size > 64 ? photo.medium : photo.small} alt={decorative ? '' : name} />
      </span>
    );
  return (
    <span className="plain-avatar" style={{ ...box, backgroundColor: colorOf(name) }} aria-hidden>
      {initials(name)}
    </span>
  );
}
