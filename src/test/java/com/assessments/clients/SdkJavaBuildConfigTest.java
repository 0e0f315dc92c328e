package com.assessments.clients;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The service's tests compile the Java SDK from its sources with a generated base of their own (pom.xml, execution
 * sdk-java); the SDK's own build (sdk/java/pom.xml) generates that base too. Both must generate the same code, so
 * the tests exercise what the SDK ships: their generator settings must be equal.
 */
class SdkJavaBuildConfigTest {

    /** Settings that differ on purpose: where the spec is read from and where the output goes. */
    private static final Set<String> LOCAL = Set.of("inputSpec", "output", "addCompileSourceRoot", "addTestCompileSourceRoot");

    @Test
    void theServiceGeneratesTheSdkBaseExactlyAsTheSdkBuildDoes() throws Exception {
        Map<String, String> service = settings(new File("pom.xml"));
        Map<String, String> sdk = settings(new File("sdk/java/pom.xml"));
        assertFalse(sdk.isEmpty());
        assertEquals(sdk, service);
        assertEquals("java", sdk.get("generatorName"));
        assertEquals("native", sdk.get("library"));
    }

    /** The flattened configuration of the openapi-generator execution "sdk-java" (plugin-level settings included). */
    private static Map<String, String> settings(File pom) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom);
        Map<String, String> out = new TreeMap<>();
        NodeList plugins = doc.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (!"openapi-generator-maven-plugin".equals(child(plugin, "artifactId").getTextContent().trim())) {
                continue;
            }
            Element pluginConfig = child(plugin, "configuration");
            if (pluginConfig != null) {
                flatten(pluginConfig, "", out);
            }
            NodeList executions = plugin.getElementsByTagName("execution");
            for (int j = 0; j < executions.getLength(); j++) {
                Element execution = (Element) executions.item(j);
                if ("sdk-java".equals(child(execution, "id").getTextContent().trim())) {
                    flatten(child(execution, "configuration"), "", out);
                }
            }
        }
        // incremental-build switches do not change the generated code
        out.remove("skipIfSpecIsUnchanged");
        out.remove("skip");
        LOCAL.forEach(out::remove);
        return out;
    }

    private static void flatten(Element element, String prefix, Map<String, String> out) {
        for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                boolean leaf = e.getElementsByTagName("*").getLength() == 0;
                if (leaf) {
                    out.put(prefix + e.getTagName(), e.getTextContent().trim());
                } else {
                    flatten(e, prefix + e.getTagName() + ".", out);
                }
            }
        }
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }
}
