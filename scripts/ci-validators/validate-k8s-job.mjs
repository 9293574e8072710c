// Validates Kubernetes Job manifests against the batch/v1 Job schema (the OpenAPI schema that the
// kubernetes-models package ships; each model's validate() throws on the first violation).
// Usage: node validate-k8s-job.mjs FILE.yml...  (run by scripts/validate-ci-recipes.sh)
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";
import { Job } from "kubernetes-models/batch/v1/Job";
for (const file of process.argv.slice(2)) {
  for (const doc of parseAllDocuments(readFileSync(file, "utf8"))) {
    const job = new Job(doc.toJS());
    job.validate();
    console.log(`${file}: a valid batch/v1 Job (${job.metadata.name})`);
  }
}
