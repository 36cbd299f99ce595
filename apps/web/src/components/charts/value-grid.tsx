interface ValueGridProps {
  ticks: number[];
  /** The tick's vertical position in the SVG. */
  y: (value: number) => number;
  /** Where the plot starts and ends horizontally. */
  left: number;
  right: number;
  formatValue: (value: number) => string;
}

/** The horizontal grid lines of a chart's value axis, each with its label at the left. */
export function ValueGrid({ ticks, y, left, right, formatValue }: ValueGridProps) {
  return ticks.map((v) => (
    <g key={v}>
      <line x1={left} x2={right} y1={y(v)} y2={y(v)} className="stroke-border" vectorEffect="non-scaling-stroke" />
      <text x={left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="fill-muted-foreground">
        {formatValue(v)}
      </text>
    </g>
  ));
}
