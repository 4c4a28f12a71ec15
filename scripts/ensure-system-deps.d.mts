// Types for the tests that import scripts/ensure-system-deps.mjs.
export const CHROMIUM: string;
export function onPath(program: string, path?: string, executable?: (file: string) => boolean): boolean;
export function missingSystemPackages(path?: string, executable?: (file: string) => boolean): string[];
export function installCommand(packages: string[], options: { root: boolean }): string;
export function plan(
  missing: string[],
  options: { root: boolean; hasApt: boolean },
): { action: 'none' } | { action: 'install'; packages: string[] } | { action: 'stop'; message: string };
