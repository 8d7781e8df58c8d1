import { ModulePlaceholder } from '../../../components/ModulePlaceholder';

export function Component() {
  return <ModulePlaceholder titleKey="nav.attendance" />;
}
