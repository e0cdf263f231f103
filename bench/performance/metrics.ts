// A counter of a process's Prometheus endpoint (GET /metrics), summed over its series: what the
// bench reads of the gateway's own counts.
export async function metricSum(origin: string, name: string): Promise<number> {
  const res = await fetch(`${origin}/metrics`);
  let sum = 0;
  for (const line of (await res.text()).split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
