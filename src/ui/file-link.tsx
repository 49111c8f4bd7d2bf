/** A stored file's name as the link that downloads it (a long name breaks anywhere rather than widen its row). */
export function FileLink({ href, fileName }: { href: string; fileName: string }) {
  return (
    <a className="font-medium text-brand-700 underline [overflow-wrap:anywhere]" href={href} download={fileName}>
      {fileName}
    </a>
  );
}
