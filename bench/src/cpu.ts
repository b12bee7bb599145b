import fs from 'node:fs';

/**
 * CPU accounting from Linux /proc, so each scenario says where the machine's cores went: the server, a
 * PostgreSQL running on this machine, the bench itself, and other programs (a busy machine makes figures
 * low and noisy). Elsewhere it answers null.
 */
export interface CpuSample {
  at: number;
  machineBusySeconds: number;
  serverSeconds: number;
  postgresSeconds: number;
  benchSeconds: number;
}

export interface CpuUse {
  /** Average cores busy in the server process. */
  serverCores: number;
  /** Average cores busy in local PostgreSQL processes (all of them, whichever database they serve). */
  postgresCores: number;
  /** Average cores busy in the bench itself (autocannon). */
  benchCores: number;
  /** Average cores busy in everything else on the machine. */
  otherCores: number;
}

// /proc times are in USER_HZ, which is 100 on every Linux that Node supports.
const HZ = 100;

interface ProcStat {
  comm: string;
  ppid: number;
  /** utime + stime */
  own: number;
  /** cutime + cstime: children that exited and were waited for */
  children: number;
}

function procStat(pid: number | string): ProcStat | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid ...; comm may contain spaces and parentheses, so split after the last ')'.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): field n is f[n - 3].
    return {
      comm,
      ppid: Number(f[1]),
      own: Number(f[11]) + Number(f[12]),
      children: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return null;
  }
}

/** Every live postgres process, plus what the postmaster's exited children (closed backends) used. */
function postgresTicks(): number {
  const procs = new Map<number, ProcStat>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(name);
    if (s && s.comm === 'postgres') procs.set(Number(name), s);
  }
  let ticks = 0;
  for (const s of procs.values()) ticks += s.own + (procs.has(s.ppid) ? 0 : s.children);
  return ticks;
}

export function sampleCpu(serverPid: number): CpuSample | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal ...
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const server = procStat(serverPid);
    if (!server) return null;
    const own = process.cpuUsage();
    return {
      at: Date.now(),
      machineBusySeconds: (total - idle) / HZ,
      serverSeconds: server.own / HZ,
      postgresSeconds: postgresTicks() / HZ,
      benchSeconds: (own.user + own.system) / 1e6,
    };
  } catch {
    return null;
  }
}

export function cpuBetween(a: CpuSample | null, b: CpuSample | null): CpuUse | null {
  if (!a || !b || b.at <= a.at) return null;
  const wall = (b.at - a.at) / 1000;
  const r = (n: number) => Math.round((Math.max(0, n) / wall) * 100) / 100;
  const server = b.serverSeconds - a.serverSeconds;
  const postgres = b.postgresSeconds - a.postgresSeconds;
  const bench = b.benchSeconds - a.benchSeconds;
  const busy = b.machineBusySeconds - a.machineBusySeconds;
  return {
    serverCores: r(server),
    postgresCores: r(postgres),
    benchCores: r(bench),
    otherCores: r(busy - server - postgres - bench),
  };
}
