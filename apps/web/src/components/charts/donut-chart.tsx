import { ChartFrame } from './chart-frame';

export interface Slice {
  label: string;
  value: number;
  /** A Tailwind stroke class, written out whole so Tailwind sees it ('stroke-emerald-500'). */
  strokeClass: string;
  /** The matching background class for the legend ('bg-emerald-500'). */
  swatchClass: string;
}

/** Parts of a whole as a ring, with a legend and a figure in the middle. Plain SVG. */
export function DonutChart({
  slices,
  label,
  center,
  formatValue = String,
  size = 180,
}: {
  slices: Slice[];
  label: string;
  center?: string;
  formatValue?: (v: number) => string;
  size?: number;
}) {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  const r = 40;
  const circumference = 2 * Math.PI * r;
  let offset = 0;
  return (
    <div className="flex flex-wrap items-center gap-6">
      <div style={{ width: size }}>
        <ChartFrame
          label={label}
          rows={slices.map((s) => ({ label: s.label, value: formatValue(s.value) }))}
          height={size}
        >
          <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90">
            <circle cx={50} cy={50} r={r} fill="none" strokeWidth={14} className="stroke-muted" />
            {total > 0 &&
              slices.map((s) => {
                const length = (Math.max(0, s.value) / total) * circumference;
                const dash = `${length} ${circumference - length}`;
                const element = (
                  <circle
                    key={s.label}
                    cx={50}
                    cy={50}
                    r={r}
                    fill="none"
                    strokeWidth={14}
                    strokeDasharray={dash}
                    strokeDashoffset={-offset}
                    className={s.strokeClass}
                  >
                    <title>{`${s.label}: ${formatValue(s.value)}`}</title>
                  </circle>
                );
                offset += length;
                return element;
              })}
          </svg>
          {center && (
            <span
              aria-hidden
              className="absolute inset-0 flex items-center justify-center text-lg font-semibold tabular-nums"
            >
              {center}
            </span>
          )}
        </ChartFrame>
      </div>
      <ul aria-hidden className="flex flex-col gap-1.5 text-sm">
        {slices.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <span className={`size-2.5 rounded-sm ${s.swatchClass}`} />
            <span className="text-muted-foreground">{s.label}</span>
            <span className="font-medium tabular-nums">{formatValue(s.value)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
