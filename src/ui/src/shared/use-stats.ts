import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api.ts';
import type { Project, Stats } from '../api-types.ts';

/** Stats and projects, refreshed every 10 s and soon after `refresh()` (new or changed items). */
export function useStats(): { stats?: Stats; projects: Project[]; refresh(): void } {
  const [stats, setStats] = useState<Stats>();
  const [projects, setProjects] = useState<Project[]>([]);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const load = useCallback(() => {
    api.stats().then(setStats, () => undefined);
    api.projects().then(
      (answer) => setProjects(answer.items),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    load();
    const timer = setInterval(load, 10_000);
    return () => clearInterval(timer);
  }, [load]);
  const refresh = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = setTimeout(load, 300);
  }, [load]);
  return { stats, projects, refresh };
}
