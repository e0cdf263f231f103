// `npm run policies -- export|plan|apply ...`: see src/tools/policiesCli.ts.
import '../src/tools/policiesMain.ts';
