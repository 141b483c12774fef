import { busyBetween, cpuQuota, cpuTimes } from '../e2e/support/machine-cpu';

/**
 * The suite says how much CPU a run had (tests/e2e/support/machine-cpu.ts): read from the
 * kernel's own files as Linux writes them, with a control group of either version.
 */

const STAT = `cpu  886586 197 243081 747355 6365 0 3493 1305 0 0
cpu0 436736 83 117897 386826 1046 0 1074 625 0 0
intr 1 2 3
`;

function files(contents: Record<string, string>) {
  return (path: string) => {
    const content = contents[path];
    if (content === undefined) throw new Error(`ENOENT: ${path}`);
    return content;
  };
}

describe('the machine CPU a run had', () => {
  it('reads the counters of all cores from the first line of /proc/stat, iowait as idle', () => {
    expect(cpuTimes(STAT)).toEqual({
      total: 886586 + 197 + 243081 + 747355 + 6365 + 0 + 3493 + 1305,
      idle: 747355 + 6365,
      steal: 1305,
    });
  });

  it('tells busy and stolen shares between two readings', () => {
    expect(busyBetween({ total: 1000, idle: 400, steal: 0 }, { total: 2000, idle: 650, steal: 100 })).toEqual({ busyPercent: 75, stealPercent: 10 });
    // Positive control: a machine that only idled is not busy.
    expect(busyBetween({ total: 1000, idle: 400, steal: 0 }, { total: 2000, idle: 1400, steal: 0 })).toEqual({ busyPercent: 0, stealPercent: 0 });
  });

  it("finds a cgroup v1 CFS quota on the process's own cpu controller", () => {
    const cgroups = '9:name=systemd:/\n2:cpuacct:/\n1:cpu:/slow\n0::/\n';
    const read = files({ '/sys/fs/cgroup/cpu/slow/cpu.cfs_quota_us': '100000\n', '/sys/fs/cgroup/cpu/slow/cpu.cfs_period_us': '100000\n' });
    expect(cpuQuota(cgroups, read)).toBe(1);
    // Debian's joined controllers, and a group without a limit.
    const joined = '4:cpu,cpuacct:/user.slice\n';
    expect(cpuQuota(joined, files({ '/sys/fs/cgroup/cpu,cpuacct/user.slice/cpu.cfs_quota_us': '150000', '/sys/fs/cgroup/cpu,cpuacct/user.slice/cpu.cfs_period_us': '100000' }))).toBe(1.5);
    expect(cpuQuota(joined, files({ '/sys/fs/cgroup/cpu,cpuacct/user.slice/cpu.cfs_quota_us': '-1', '/sys/fs/cgroup/cpu,cpuacct/user.slice/cpu.cfs_period_us': '100000' }))).toBeUndefined();
  });

  it("finds a cgroup v2 cpu.max, and none where it says max or the file is missing", () => {
    expect(cpuQuota('0::/ci/job\n', files({ '/sys/fs/cgroup/ci/job/cpu.max': '50000 100000\n' }))).toBe(0.5);
    expect(cpuQuota('0::/ci/job\n', files({ '/sys/fs/cgroup/ci/job/cpu.max': 'max 100000\n' }))).toBeUndefined();
    expect(cpuQuota('0::/\n', files({}))).toBeUndefined();
  });

  it('finds no quota where the process has no /proc/self/cgroup to read (a machine without cgroups)', () => {
    expect(cpuQuota(undefined, files({}))).toBeUndefined();
    // Positive control: the same reader with the file there finds the limit.
    expect(cpuQuota(undefined, files({ '/proc/self/cgroup': '0::/job\n', '/sys/fs/cgroup/job/cpu.max': '200000 100000' }))).toBe(2);
  });
});
