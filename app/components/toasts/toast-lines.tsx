export function ToastLines({ lines }: { lines: readonly string[] }) {
  return (
    <span className="block space-y-0.5">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}
