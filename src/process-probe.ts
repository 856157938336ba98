import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** A process as the instance lock records it: enough to prove later that it has ended. */
export type ProcessMark = {
  host: string;
  pid: number;
  /** When the process started, in the kernel's clock ticks since boot (Linux); null where unknown. */
  started: string | null;
};

export interface ProcessProbe {
  /** This process. */
  self: ProcessMark;
  /**
   * Why the process marked `other` has certainly ended, or null when it may
   * still run. Only a process on this host can be proven gone.
   */
  goneReason(other: ProcessMark): string | null;
}

/** Field 22 of /proc/<pid>/stat, counted after the command name, which may hold spaces and parentheses. */
function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Looks at processes of this host through the operating system: signal 0
 * tells whether a pid is in use, and on Linux /proc tells when that pid's
 * process started, so a pid reused by an unrelated process is not taken
 * for the one recorded.
 */
export function createProcessProbe(): ProcessProbe {
  const self: ProcessMark = { host: hostname(), pid: process.pid, started: startTicks(process.pid) };
  return {
    self,
    goneReason(other) {
      if (other.host !== self.host || !Number.isSafeInteger(other.pid) || other.pid <= 0) return null;
      // Two processes of one host never share a pid: the one recorded is not running any more.
      if (other.pid === self.pid) return 'its process id is now this process';
      if (!isRunning(other.pid)) return 'its process has ended';
      const started = other.started === null ? null : startTicks(other.pid);
      if (started !== null && started !== other.started) return 'its process id now belongs to another process';
      return null;
    },
  };
}
