/** The model calls of 模型设计 and the modeler's address (a new model's, or a saved one's by id). */
export const MODEL_API = '/api/blade-flow/model';
export const MODEL_LIST_PATH = '/flow/model';
export const modelDesignPath = (id?: string) => (id ? `/flow/model/design/${encodeURIComponent(id)}` : '/flow/model/design');
