/** The arrow drawn on a carousel's back and forward buttons (decorative: the button carries the label). */
export function Chevron({ direction, size }: { direction: "back" | "forward"; size: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === "back" ? "M12.5 4l-6 6 6 6" : "M7.5 4l6 6-6 6"} />
    </svg>
  );
}
