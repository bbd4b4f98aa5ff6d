import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `value` as SVG (the `qrcode` package), sharp at any print size; dark modules on white. */
export function QrCode({ value, label, className, testId }: { value: string; label: string; className?: string; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div className={className} aria-busy="true" />;
  return <img src={src} alt={label} className={className} data-testid={testId} data-qr-value={value} />;
}
