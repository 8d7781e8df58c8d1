import { useEffect, useState } from 'react';

/**
 * A QR code of `text` (an authenticator app's setup link), drawn as an SVG
 * image. The encoder loads only when a code is shown; until then, and if it
 * fails, nothing takes its place (the link and key beside it say the same).
 */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return null;
  return <img className="qr-code" src={src} alt={label} width={size} height={size} />;
}
