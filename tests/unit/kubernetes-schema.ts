// Run by deploy-manifests.test.ts in a Node process of its own (kubernetes-models ships only ES
// modules, which Jest does not load): reads Kubernetes objects as a JSON array on stdin and writes
// a JSON array of the same length, null for an object the API schema accepts, else why not.
import { readFileSync } from 'node:fs';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';

type Model = new (data: never) => { validate(): void };

const modelsByKind: Record<string, Model> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Namespace': Namespace,
  'v1 Secret': Secret,
  'v1 Service': Service,
};

const objects = JSON.parse(readFileSync(0, 'utf8')) as { apiVersion: string; kind: string }[];
const findings = objects.map((object) => {
  const kind = `${object.apiVersion} ${object.kind}`;
  const Model = modelsByKind[kind];
  if (!Model) return `${kind}: no schema here; add its class to tests/unit/kubernetes-schema.ts`;
  try {
    new Model(object as never).validate();
    return null;
  } catch (error) {
    return `${kind}: ${(error as Error).message}`;
  }
});
process.stdout.write(JSON.stringify(findings));
