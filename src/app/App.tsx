import { DialogHost } from '../components/DialogHost';
import { ProgressBar } from '../components/ProgressBar';
import { Navigator } from './Navigator';

export function App() {
  return (
    <>
      <ProgressBar />
      <Navigator />
      <DialogHost />
    </>
  );
}
