// swagger-ui-dist ships no types; /docs uses only this helper, which returns the package's folder.
declare module "swagger-ui-dist/absolute-path.js" {
  const getAbsoluteFSPath: () => string;
  export default getAbsoluteFSPath;
}
