/** owner and repo of a repository page's URL parameters, as GraphQL variables (a `.git` suffix is dropped). */
export function repositoryName(params: { owner?: string; repo?: string }): { owner: string; name: string } {
  return { owner: params.owner ?? '', name: (params.repo ?? '').replace(/\.git$/, '') };
}
