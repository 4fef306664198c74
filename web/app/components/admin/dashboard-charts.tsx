import type { DashboardView } from '../../../../api/src/contracts/analytics.contract.js';

export interface Series {
  name: string;
  values: number[];
  /** A Tailwind fill/stroke colour class pair, e.g. 'fill-brand-500 stroke-brand-500'. */
  tone: string;
}

const WIDTH = 300;
const HEIGHT = 80;

/** "28 Nov" from "2026-11-28". */
export const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * One figure per day as bars (one series) or lines (several), drawn in plain SVG. Screen readers get
 * the totals in the image's label and every day's figures in a hidden table.
 */
export function DailyChart({
  title,
  days,
  series,
  format = String,
}: {
  title: string;
  days: string[];
  series: Series[];
  format?: (value: number) => string;
}) {
  const top = Math.max(1, ...series.flatMap(({ values }) => values));
  const step = WIDTH / days.length;
  const y = (value: number) => HEIGHT - (value / top) * (HEIGHT - 4);
  const summary = `${title}, last ${days.length} days: ${series.map(({ name, values }) => `${name} ${format(sum(values))} in all`).join(', ')}`;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4" data-testid={`chart-${title}`}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="text-xs text-slate-500">
          {series.map(({ name, values }) => `${series.length > 1 ? `${name} ` : ''}${format(sum(values))}`).join(' · ')}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="mt-3 h-20 w-full" preserveAspectRatio="none">
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-slate-200" strokeWidth="1" />
        {series.length === 1
          ? series[0]!.values.map((value, index) => (
              <rect
                key={days[index]}
                x={index * step + step * 0.15}
                width={step * 0.7}
                y={y(value)}
                height={HEIGHT - y(value)}
                rx="1"
                className={series[0]!.tone}
              />
            ))
          : series.map(({ name, values, tone }) => (
              <polyline
                key={name}
                fill="none"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
                className={tone}
                style={{ fill: 'none' }}
                points={values.map((value, index) => `${index * step + step / 2},${y(value)}`).join(' ')}
              />
            ))}
      </svg>
      <div className="mt-1 flex justify-between text-[11px] text-slate-400" aria-hidden="true">
        <span>{shortDay(days[0]!)}</span>
        <span>{shortDay(days.at(-1)!)}</span>
      </div>
      <table className="sr-only">
        <caption>{title} per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map(({ name }) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, index) => (
            <tr key={day}>
              <th scope="row">{shortDay(day)}</th>
              {series.map(({ name, values }) => (
                <td key={name}>{format(values[index]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The join funnel: sessions at each step, as bars against the first step, with the share that went on. */
export function FunnelChart({ funnel }: { funnel: DashboardView['funnel'] }) {
  const first = Math.max(1, funnel[0]?.sessions ?? 0);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4" aria-labelledby="funnel-title" data-testid="join-funnel">
      <h2 id="funnel-title" className="text-sm font-semibold text-slate-900">
        Join funnel <span className="font-normal text-slate-500">· sessions, last 30 days</span>
      </h2>
      <ol className="mt-3 space-y-2.5">
        {funnel.map(({ step, label, sessions }, index) => {
          const previous = index > 0 ? funnel[index - 1]!.sessions : null;
          return (
            <li key={step} data-step={step}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-slate-700">{label}</span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  <span data-testid={`funnel-${step}`}>{sessions}</span>
                  {previous ? (
                    <span className="ml-1.5 text-xs font-normal text-slate-500">({Math.round((sessions / previous) * 100)}%)</span>
                  ) : null}
                </span>
              </div>
              <div className="mt-1 h-2.5 rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-2.5 rounded-full bg-brand-500" style={{ width: `${(sessions / first) * 100}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
