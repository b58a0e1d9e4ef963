package sim_test

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

type k8sJob struct {
	Kind string `yaml:"kind"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				Containers []struct {
					Env []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					Args []string `yaml:"args"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readJobs(t *testing.T, path string) []k8sJob {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var jobs []k8sJob
	for _, doc := range bytes.Split(data, []byte("\n---\n")) {
		var j k8sJob
		if err := yaml.Unmarshal(doc, &j); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if j.Kind == "Job" {
			jobs = append(jobs, j)
		}
	}
	return jobs
}

// The shard Job must run one shard per completion index, numbered as
// 'sim --shard k/n' expects, and the merge Job must merge them.
func TestKubernetesManifestsShardAndMerge(t *testing.T) {
	jobs := readJobs(t, "../deploy/sim-job.yaml")
	if len(jobs) != 1 {
		t.Fatalf("want one shard Job, got %d", len(jobs))
	}
	j := jobs[0]
	c := j.Spec.Template.Spec.Containers[0]
	shards := ""
	for _, e := range c.Env {
		if e.Name == "SHARDS" {
			shards = e.Value
		}
	}
	args := strings.Join(c.Args, " ")
	switch {
	case j.Spec.CompletionMode != "Indexed":
		t.Error("the shard Job is not an Indexed Job")
	case shards == "" || shards != strconv.Itoa(j.Spec.Completions) || j.Spec.Completions != j.Spec.Parallelism:
		t.Errorf("SHARDS=%s, completions %d, parallelism %d: they must agree", shards, j.Spec.Completions, j.Spec.Parallelism)
	case !strings.Contains(args, `--shard "$((JOB_COMPLETION_INDEX + 1))/$SHARDS"`) || !strings.Contains(args, "--json"):
		t.Errorf("shard command %q does not play shard index+1 of SHARDS as JSON", args)
	}
	merge := readJobs(t, "../deploy/sim-merge-job.yaml")
	if len(merge) != 1 || !strings.Contains(strings.Join(merge[0].Spec.Template.Spec.Containers[0].Args, " "), "kartenwerk sim merge /results/shard-*.json") {
		t.Error("the merge Job does not merge the shard files")
	}
}
