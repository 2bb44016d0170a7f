import type { DiagnosisCombiner, DiagnosisCombinerBody } from '@clinic/contract/diagnosis-combiner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { AUTHORIZATIONS_KEY } from './authorization-keys';

/** POST /diagnosisCombiner/save {authId, diagnosisSet, procedureSet} (sets as comma lists). */
export function saveDiagnosisCombiner(body: DiagnosisCombinerBody) {
  return apiRequest<DiagnosisCombiner>('/diagnosisCombiner/save', { method: 'POST', body });
}

export function useSaveDiagnosisCombiner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiagnosisCombiner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTHORIZATIONS_KEY }),
  });
}
