// `npm run deploy:script` (mason deploy --script token): the token as a deployment script. The
// plan is checked (arguments against build/token.abi.json, the balance) before anything is sent;
// each step is recorded in deployments/<network>.json, so a rerun skips what is done and an
// interrupted run resumes. Add the contracts of your system here: an argument that is a contract
// of the module stands for its address, e.g.
//   const vault = m.contract('vault', [token]);
//   m.call(token, 'approve', [vault, 1_000_000_000n]);
import { buildModule } from '@mason/deployer';

export default buildModule('token', (m) => {
  // name, symbol, decimals, initial supply in base units (1000 tokens of 9 decimals), minted to the deployer.
  m.contract('token', ['MasonToken', 'MSN', 9, 1_000_000_000_000n], { coins: '0.1' });
});
