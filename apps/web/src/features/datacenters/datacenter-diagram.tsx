import type { DataCenterLink, DataCenterSite, DataCenterStatus } from '@sentinela/shared/datacenters';
import { ChartFrame } from '../../components/charts/chart-frame';
import { cn } from '../../lib/cn';
import { datacentersStrings } from './datacenters.strings';
import { useStrings } from '../../lib/i18n/strings';

export const DIAGRAM_HEIGHT = 300;
const WIDTH = 520;
const HEIGHT = 300;
const PAD_X = 90;
// Room above for the grid labels, below for the sites' names.
const PAD_TOP = 40;
const PAD_BOTTOM = 60;

export const statusStroke: Record<DataCenterStatus, string> = {
  online: 'stroke-emerald-500',
  degraded: 'stroke-amber-500',
  offline: 'stroke-red-500',
};
export const statusFill: Record<DataCenterStatus, string> = {
  online: 'fill-emerald-500',
  degraded: 'fill-amber-500',
  offline: 'fill-red-500',
};

interface Point {
  x: number;
  y: number;
}

/**
 * Longitude and latitude onto the picture (equirectangular, longitudes shrunk by the cosine of
 * the mean latitude so distances look right at these latitudes), the sites centred.
 */
export function projectSites(sites: Pick<DataCenterSite, 'id' | 'latitude' | 'longitude'>[]) {
  const lats = sites.map((s) => s.latitude);
  const lons = sites.map((s) => s.longitude);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLon = Math.min(...lons);
  const maxLon = Math.max(...lons);
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const lonSpan = Math.max((maxLon - minLon) * k, 1);
  const latSpan = Math.max(maxLat - minLat, 1);
  const inner = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const scale = Math.min((WIDTH - 2 * PAD_X) / lonSpan, inner / latSpan);
  const offsetX = (WIDTH - (maxLon - minLon) * k * scale) / 2;
  const offsetY = PAD_TOP + (inner - (maxLat - minLat) * scale) / 2;
  const toPoint = (lat: number, lon: number): Point => ({
    x: offsetX + (lon - minLon) * k * scale,
    y: offsetY + (maxLat - lat) * scale,
  });
  const positions = new Map(sites.map((s) => [s.id, toPoint(s.latitude, s.longitude)]));
  // Whole-degree grid lines over the visible area: a sense of place without any map tiles.
  const topLat = maxLat + (offsetY - 14) / scale;
  const bottomLat = maxLat - (HEIGHT - offsetY) / scale;
  const leftLon = minLon - offsetX / (k * scale);
  const rightLon = minLon + (WIDTH - offsetX) / (k * scale);
  const parallels: { lat: number; y: number }[] = [];
  for (let lat = Math.ceil(bottomLat); lat <= Math.floor(topLat); lat++)
    parallels.push({ lat, y: toPoint(lat, minLon).y });
  const meridians: { lon: number; x: number }[] = [];
  for (let lon = Math.ceil(leftLon); lon <= Math.floor(rightLon - 0.3); lon++)
    meridians.push({ lon, x: toPoint(minLat, lon).x });
  return { positions, parallels, meridians };
}

/** A centred SVG label with a halo in the background colour, readable over links and dots. */
function HaloText({ x, y, className, children }: { x: number; y: number; className: string; children: string }) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      className={cn(className, 'stroke-background')}
      strokeWidth={4}
      paintOrder="stroke"
    >
      {children}
    </text>
  );
}

interface DiagramProps {
  sites: DataCenterSite[];
  links: DataCenterLink[];
}

/** The multi-datacenter architecture: sites by their coordinates, links between them, status colours. */
export function DataCenterDiagram({ sites, links }: DiagramProps) {
  const t = useStrings(datacentersStrings);
  const { positions, parallels, meridians } = projectSites(sites);
  const nameOf = new Map(sites.map((s) => [s.id, s.name]));
  const label = t('diagramLabel', {
    sites: sites.map((s) => `${s.name} (${t(`function.${s.function}`)}, ${t(`status.${s.status}`)})`).join('; '),
  });
  const rows = links.map((link) => ({
    label: `${nameOf.get(link.from) ?? ''} ↔ ${nameOf.get(link.to) ?? ''}`,
    value: `${t(`link.${link.kind}`)}, ${t(`status.${link.status}`)}`,
  }));

  // The frame's screen-reader table is visually hidden but as wide as its long caption: clipped
  // here so it cannot widen the page on a phone.
  return (
    <div className="overflow-hidden">
      <ChartFrame label={label} rows={rows} height={DIAGRAM_HEIGHT}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-full w-full" aria-hidden data-slot="datacenter-diagram">
          <g className="stroke-border" strokeWidth={1}>
            {parallels.map(({ lat, y }) => (
              <line key={`lat${lat}`} x1={0} x2={WIDTH} y1={y} y2={y} strokeDasharray="2 4" />
            ))}
            {meridians.map(({ lon, x }) => (
              <line key={`lon${lon}`} x1={x} x2={x} y1={0} y2={HEIGHT} strokeDasharray="2 4" />
            ))}
          </g>
          <g className="fill-muted-foreground text-[10px]">
            {parallels.map(({ lat, y }) => (
              <text key={`lat${lat}`} x={4} y={y - 3}>
                {`${Math.abs(lat)}° ${t(lat < 0 ? 'dir.S' : 'dir.N')}`}
              </text>
            ))}
            {meridians.map(({ lon, x }) => (
              <text key={`lon${lon}`} x={x + 3} y={11}>
                {`${Math.abs(lon)}° ${t(lon < 0 ? 'dir.W' : 'dir.E')}`}
              </text>
            ))}
          </g>
          {links.map((link) => {
            const a = positions.get(link.from);
            const b = positions.get(link.to);
            if (!a || !b) return null;
            return (
              <g key={`${link.from}-${link.to}`} data-link={link.kind} data-status={link.status}>
                <line
                  x1={a.x}
                  y1={a.y}
                  x2={b.x}
                  y2={b.y}
                  strokeWidth={link.kind === 'replication' ? 3 : 2}
                  strokeDasharray={link.kind === 'edge-sync' ? '6 5' : undefined}
                  className={statusStroke[link.status]}
                />
                <text
                  x={(a.x + b.x) / 2}
                  y={(a.y + b.y) / 2 - 8}
                  textAnchor="middle"
                  className="fill-foreground stroke-background text-[11px]"
                  strokeWidth={4}
                  paintOrder="stroke"
                >
                  {t(`link.${link.kind}`)}
                </text>
              </g>
            );
          })}
          {sites.map((site) => {
            const p = positions.get(site.id);
            if (!p) return null;
            return (
              <g key={site.id} data-site={site.name} data-status={site.status}>
                <circle cx={p.x} cy={p.y} r={15} className={cn(statusFill[site.status], 'opacity-20')} />
                <circle
                  cx={p.x}
                  cy={p.y}
                  r={8}
                  className={cn(statusFill[site.status], 'stroke-background')}
                  strokeWidth={2}
                />
                <HaloText x={p.x} y={p.y + 30} className="fill-foreground text-[13px] font-semibold">
                  {site.name}
                </HaloText>
                <HaloText x={p.x} y={p.y + 45} className="fill-muted-foreground text-[11px]">
                  {`${t(`function.${site.function}`)} · ${site.ipAddress}`}
                </HaloText>
              </g>
            );
          })}
        </svg>
      </ChartFrame>
    </div>
  );
}
