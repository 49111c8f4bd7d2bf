import { useMemo } from "react";
import { encode } from "uqr";

/** The QR code of an otpauth:// URI, drawn as SVG from the encoded matrix. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const path = useMemo(() => {
    const { data } = encode(value, { ecc: "M", border: 2 });
    let d = "";
    data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : "")));
    return { d, size: data.length };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
      className="rounded border border-slate-200 bg-white"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
