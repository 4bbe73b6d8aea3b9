{{/* Name prefix of every object: <release>-morocco-communes, or fullnameOverride. */}}
{{- define "mc.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" -}}
{{- else if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The labels that select one component's pods. Call with (dict "root" $ "component" "geo"). */}}
{{- define "mc.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Every label of one component's objects. */}}
{{- define "mc.labels" -}}
{{ include "mc.selectorLabels" . }}
app.kubernetes.io/part-of: {{ .root.Chart.Name }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{/* The image of an app or of the ETL: <registry>/<name>:<tag> (the ETL may have a tag of its own: a new dataset). */}}
{{- define "mc.image" -}}
{{- $tag := .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- if eq .component "etl" }}{{ $tag = .root.Values.etl.imageTag | default $tag }}{{ end -}}
{{- printf "%s/%s:%s" (trimSuffix "/" .root.Values.image.registry) .component $tag -}}
{{- end -}}

{{/* Container port of each app, and of its metrics. */}}
{{- define "mc.port" -}}
{{- get (dict "gateway" 3000 "catalog" 3101 "search" 3102 "geo" 3103) . -}}
{{- end -}}
{{- define "mc.metricsPort" -}}
{{- .Values.metrics.port -}}
{{- end -}}

{{/* Base URL of an app inside the cluster (its Service). */}}
{{- define "mc.serviceUrl" -}}
{{- printf "http://%s-%s:%s" (include "mc.fullname" .root) .component (include "mc.port" .component) -}}
{{- end -}}

{{/* The Secret and key holding the Redis password, or nothing when Redis has none. */}}
{{- define "mc.redisSecret" -}}
{{- if .Values.redis.enabled -}}
{{- .Values.redis.existingSecret | default (printf "%s-redis" (include "mc.fullname" .)) -}}
{{- else -}}
{{- .Values.externalRedis.existingSecret -}}
{{- end -}}
{{- end -}}
{{- define "mc.redisSecretKey" -}}
{{- if .Values.redis.enabled }}{{ .Values.redis.existingSecretKey }}{{ else }}{{ .Values.externalRedis.existingSecretKey }}{{ end -}}
{{- end -}}

{{/* REDIS_PASSWORD (from its Secret) and REDIS_URL, which Kubernetes expands it into. */}}
{{- define "mc.redisEnv" -}}
{{- $secret := include "mc.redisSecret" . -}}
{{- if $secret }}
- name: REDIS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ include "mc.redisSecretKey" . }}
{{- end }}
{{- $auth := ternary ":$(REDIS_PASSWORD)@" "" (ne $secret "") }}
- name: REDIS_URL
{{- if .Values.redis.enabled }}
  value: {{ printf "redis://%s%s-redis:6379/0" $auth (include "mc.fullname" .) | quote }}
{{- else }}
{{- $url := urlParse .Values.externalRedis.url }}
  value: {{ printf "%s://%s%s%s" $url.scheme $auth $url.host $url.path | quote }}
{{- end }}
{{- end -}}

{{/* Whether search and the ETL use a Meilisearch, and which. */}}
{{- define "mc.meiliUrl" -}}
{{- if .Values.meilisearch.enabled -}}
{{- printf "http://%s-meilisearch:7700" (include "mc.fullname" .) -}}
{{- else -}}
{{- .Values.externalMeilisearch.url -}}
{{- end -}}
{{- end -}}

{{/* MEILI_URL, MEILI_API_KEY (from its Secret), MEILI_INDEX and MEILI_TIMEOUT_MS, when there is a Meilisearch. */}}
{{- define "mc.meiliEnv" -}}
{{- $url := include "mc.meiliUrl" . -}}
{{- if $url }}
- name: MEILI_URL
  value: {{ $url | quote }}
{{- $secret := ternary (.Values.meilisearch.existingSecret | default (printf "%s-meilisearch" (include "mc.fullname" .))) .Values.externalMeilisearch.existingSecret .Values.meilisearch.enabled }}
{{- if $secret }}
- name: MEILI_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: {{ ternary .Values.meilisearch.existingSecretKey .Values.externalMeilisearch.existingSecretKey .Values.meilisearch.enabled }}
{{- end }}
- name: MEILI_INDEX
  value: {{ .Values.meilisearch.index | quote }}
- name: MEILI_TIMEOUT_MS
  value: {{ .Values.meilisearch.timeoutMs | quote }}
{{- end }}
{{- end -}}

{{/* A value kept across upgrades: the given one, else the one in the existing Secret, else a new random one. */}}
{{- define "mc.keptSecretValue" -}}
{{- if .given -}}
{{- .given -}}
{{- else -}}
{{- $existing := lookup "v1" "Secret" .root.Release.Namespace .name -}}
{{- if and $existing $existing.data (hasKey $existing.data .key) -}}
{{- index $existing.data .key | b64dec -}}
{{- else -}}
{{- randAlphaNum 40 -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Pod-level settings every pod of the chart shares. */}}
{{- define "mc.podCommon" -}}
serviceAccountName: {{ include "mc.fullname" .root }}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .root.Values.podSecurityContext | nindent 2 }}
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Refuses combinations the schema cannot express. */}}
{{- define "mc.checkValues" -}}
{{- if and (not .Values.redis.enabled) (not .Values.externalRedis.url) -}}
{{- fail "externalRedis.url is required when redis.enabled is false" -}}
{{- end -}}
{{- if and .Values.redis.enabled .Values.externalRedis.url -}}
{{- fail "set either redis.enabled or externalRedis.url, not both" -}}
{{- end -}}
{{- if and .Values.meilisearch.enabled .Values.externalMeilisearch.url -}}
{{- fail "set either meilisearch.enabled or externalMeilisearch.url, not both" -}}
{{- end -}}
{{- if and .Values.ingress.enabled (not .Values.ingress.hosts) -}}
{{- fail "ingress.hosts needs at least one host when ingress.enabled is true" -}}
{{- end -}}
{{- range $name := list "gateway" "geo" -}}
{{- $scaling := (get $.Values $name).autoscaling -}}
{{- if and $scaling.enabled (gt (int $scaling.minReplicas) (int $scaling.maxReplicas)) -}}
{{- fail (printf "%s.autoscaling.minReplicas (%v) is above maxReplicas (%v)" $name $scaling.minReplicas $scaling.maxReplicas) -}}
{{- end -}}
{{- end -}}
{{- end -}}
