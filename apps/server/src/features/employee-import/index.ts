/** The employee import: HR administrators bring employees in from a CSV file. */
export { employeeImportRoutes } from './employee-import.routes';
