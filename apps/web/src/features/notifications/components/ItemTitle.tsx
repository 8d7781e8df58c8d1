/** A day as the portal writes it (DD-MM-YYYY): kept on one line. */
const DAY = /(\d{2}-\d{2}-\d{4})/;

/**
 * An item's title (a leave's type and days, a sheet's name) set apart from
 * the sentence around it, its days never broken at a hyphen across lines.
 */
export function ItemTitle({ title }: { title: string }) {
  return (
    <bdi>
      {title.split(DAY).map((part, i) =>
        DAY.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one title never move
          <span key={i} style={{ whiteSpace: 'nowrap' }}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </bdi>
  );
}
