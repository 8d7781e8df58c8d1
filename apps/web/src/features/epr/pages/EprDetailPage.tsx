import { ModulePlaceholder } from '../../../components/ModulePlaceholder';

export function Component() {
  return <ModulePlaceholder titleKey="epr.detailTitle" />;
}
