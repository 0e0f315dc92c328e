export {
  AssessmentEmbed,
  default,
  loadAssessmentEmbedSdk,
  sdkScriptUrl,
  SDK_PATH,
  _resetAssessmentEmbedSdkLoader,
} from './AssessmentEmbed.jsx';
