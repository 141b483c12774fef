import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';

/**
 * What the machine gives the suite: its cores, a CPU quota its control group sets, and how busy
 * it was. A run that takes twice the usual time is most often one that had half the CPU (a quota,
 * a virtual machine's host taking its cores, or another program running), and these say which.
 */

/** The machine's CPU counters from /proc/stat, in clock ticks: all of them, the idle ones and the stolen ones. */
export type CpuTimes = { total: number; idle: number; steal: number };

export function cpuTimes(stat = readFileSync('/proc/stat', 'utf8')): CpuTimes {
  const fields = (stat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is inside user time.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait, steal };
}

/** The cores a control group lets this process use (cgroup v2's cpu.max or v1's CFS quota), if it sets a limit. */
export function cpuQuota(cgroups?: string, read = (path: string) => readFileSync(path, 'utf8')): number | undefined {
  let own = cgroups;
  try {
    own ??= read('/proc/self/cgroup');
  } catch {
    return undefined;
  }
  for (const line of own.trim().split('\n')) {
    const [, controllers = '', path = '/'] = line.split(':');
    try {
      if (controllers === '') {
        const [quota = 'max', period = '100000'] = read(`/sys/fs/cgroup${path}/cpu.max`).trim().split(/\s+/);
        if (quota !== 'max') return Number(quota) / Number(period);
      } else if (controllers.split(',').includes('cpu')) {
        const quota = Number(read(`/sys/fs/cgroup/${controllers}${path}/cpu.cfs_quota_us`));
        const period = Number(read(`/sys/fs/cgroup/${controllers}${path}/cpu.cfs_period_us`));
        if (quota > 0) return quota / period;
      }
    } catch {
      // No such controller file here: no limit from this line.
    }
  }
  return undefined;
}

/** Busy and stolen shares of the machine's CPU between two readings, in whole percent. */
export function busyBetween(before: CpuTimes, after: CpuTimes): { busyPercent: number; stealPercent: number } {
  const total = Math.max(1, after.total - before.total);
  return {
    busyPercent: Math.round((100 * (total - (after.idle - before.idle))) / total),
    stealPercent: Math.round((100 * (after.steal - before.steal)) / total),
  };
}

/** The CPU this run can have: the cores, or a quota that is smaller, and a line that says which. */
export function cpuAvailable(): { usable: number; line: string } {
  const cores = availableParallelism();
  const quota = cpuQuota();
  if (quota !== undefined && quota < cores) {
    return { usable: quota, line: `${cores} cores, of which a CPU quota lets this run use ${quota.toFixed(1)}` };
  }
  return { usable: cores, line: `${cores} cores` };
}
