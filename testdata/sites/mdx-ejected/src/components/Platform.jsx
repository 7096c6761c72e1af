// Platform reads where it runs at its module's top, as react-native-website's TabsConstants does:
// on the server canUseDOM is false (reading navigator there would throw), in the browser true.
import { useEffect } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const platform = ExecutionEnvironment.canUseDOM ? navigator.platform : 'server';

export default function Platform() {
  useEffect(() => {
    window.__fixturePlatform = { platform, canUseDOM: ExecutionEnvironment.canUseDOM };
  }, []);
  return null;
}
