import type { TestProject } from 'vitest/node';
import { setupDatabases } from './global-setup';

export default (project: TestProject) => setupDatabases(project, 'postgres');
